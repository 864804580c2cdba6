enum _PlaceholderEmulator {}
