"""Everything that draws or reads input: pygame is imported only below this package."""
