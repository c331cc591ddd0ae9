// Public entry point of @x/legacy-charsets: named exports only.
