// Public entry point of @x/urn: named exports only.
