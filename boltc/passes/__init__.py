"""Graph passes on the bolt dialect: one module per pass (DESIGN.md, 'The data flow')."""
