"""CivicSTL content generator: loads content/ YAML, validates it, and emits the site's JSON."""
