"""`invoices admin secrets ...`: the keys that seal webhook signing secrets at rest."""

import click

from cli.output import emit, store


@click.group("secrets")
def secrets_group() -> None:
    """Sealing keys of the stored webhook secrets (see core/access/sealing.py)."""


@secrets_group.command("rotate-key")
def rotate_key() -> None:
    """A new sealing key, first in the key file; every webhook secret sealed again with it.
    The older keys stay in the file (they still open) until `retire-keys`."""
    from core.access.sealing import reseal_webhook_secrets, sealer_for

    s = store()
    key_id = sealer_for(s).add_key()
    emit({"sealingKey": key_id, **reseal_webhook_secrets(s)})


@secrets_group.command("retire-keys")
def retire_keys() -> None:
    """Seal every webhook secret with the current key again, then drop every other key."""
    from core.access.sealing import reseal_webhook_secrets, sealer_for

    s = store()
    result = reseal_webhook_secrets(s)
    retired = sealer_for(s).keep_only({result["sealingKey"]})
    emit({**result, "retired": retired})
