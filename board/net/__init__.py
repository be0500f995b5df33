"""Playing over a network on NATS JetStream: protocol.py is pure (subjects, entries, seats,
the dice a command carries); server.py starts nats-server; host.py and client.py are the
asyncio sides; bridge.py runs them beside the board's window."""

DEFAULT_PORT = 4222  # NATS's own default; here so the command line reads it without the rest
