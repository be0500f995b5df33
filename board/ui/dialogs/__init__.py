"""The small windows: open and save, host, join, address, seats, and the figure sheet form."""
