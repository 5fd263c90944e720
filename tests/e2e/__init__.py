"""Browser tests: real Chromium against the built site served on 127.0.0.1."""
