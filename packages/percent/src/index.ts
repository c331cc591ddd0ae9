// Public entry point of @x/percent: named exports only.
