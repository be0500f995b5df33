"""The pygame shell: the only package that imports pygame."""
