"""Alembic environment: migrations run against the store's own engine setup."""

from alembic import context

from core.store.db import Store
from core.store.tables import metadata

url = context.config.get_main_option("sqlalchemy.url")
store = Store(url)

with store.engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=store.is_sqlite,
        transactional_ddl=True,
    )
    with context.begin_transaction():
        context.run_migrations()
store.dispose()
