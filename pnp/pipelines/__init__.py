"""Whole commands that run several stages: each module is one command's work, without its CLI."""
