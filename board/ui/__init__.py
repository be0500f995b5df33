"""The pygame shell: the only package that imports pygame."""

import os

# pygame-ce greets on import; a desktop app's console should stay quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
