// Public entry point of @x/mime-charset: named exports only.
