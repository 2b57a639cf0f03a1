"""Files a pack brings besides its TOML: icons and images, and the gates they pass before anything draws them."""
