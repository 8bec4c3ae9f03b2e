"""The operational store: SQLAlchemy Core tables, connections and migrations."""
