"""Export: the only stage (with the CLI) that writes files, always atomically."""
