"""The map editor scene and the printable map it makes."""
