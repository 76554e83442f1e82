"""2048's front ends."""
