"""Rule systems: pure Python, no pygame."""
