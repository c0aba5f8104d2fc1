"""``sevenrocks accounts``: what the server's operator does for accounts (see ``docs/accounts.md``).

There is no e-mail: a player who forgot their password asks the operator, who sets a new one with
``sevenrocks accounts reset-password NAME`` (asked twice at the prompt, or read from the first line
of ``--password-file``). The account's log-in sessions all end.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

accounts_app = typer.Typer(
    name="accounts",
    help="Manage the browser game's accounts (the operator's password reset).",
    no_args_is_help=True,
    add_completion=False,
)


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


@accounts_app.command("reset-password")
def reset_password_command(
    name: Annotated[str, typer.Argument(help="The account's user name (any case).")],
    password_file: Annotated[
        Path | None,
        typer.Option(
            "--password-file",
            help="Read the new password from the first line of this file instead of asking for it.",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db", help="Database URL (default: $SEVENROCKS_DATABASE_URL, else sqlite:///sevenrocks.db)."
        ),
    ] = None,
) -> None:
    """Give an account a new password; its log-in sessions end (it must log in again)."""
    from sevenrocks.web.accounts import check_password, hash_password
    from sevenrocks.web.accounts_store import AccountStore
    from sevenrocks.web.protocol import ProtocolError
    from sevenrocks.web.settings import Settings, SettingsError
    from sevenrocks.web.storage import Storage, StorageError

    try:
        url = db or Settings.from_env().database_url
    except SettingsError as err:
        raise _fail(str(err)) from None
    if password_file is not None:
        try:
            lines = password_file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as err:
            raise _fail(f"cannot read the password file {str(password_file)!r}: {err}") from None
        password = lines[0] if lines else ""
    else:
        password = typer.prompt("New password", hide_input=True, confirmation_prompt=True)
    try:
        storage = Storage(url)
    except StorageError as err:
        raise _fail(str(err)) from None
    try:
        store = AccountStore(storage.engine)
        account = store.account(name.strip())
        if account is None:
            raise _fail(f"no account {name.strip()!r} in {url}")
        try:
            check_password(password, account.name)
        except ProtocolError as err:
            raise _fail(err.translated("en")) from None
        store.set_password(account.id, hash_password(password))
        ended = store.end_logins_of(account.id)
    finally:
        storage.close()
    typer.echo(f"The password of {account.name} is changed; {ended} log-in session(s) ended.")
