"""The gRPC service: authoritative game hosting over the engine interface."""
