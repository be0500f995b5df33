"""On-demand benchmarks (python -m benchmarks); never run as timed tests."""
