"""boardbot's Python client: the generated stubs (boardbot.v1) and a thin helper (boardbot.client)."""
