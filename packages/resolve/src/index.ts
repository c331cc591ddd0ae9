// Public entry point of @x/resolve: named exports only.
