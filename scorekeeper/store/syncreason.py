"""Why a remote could not be reached or written, on one line in the language in use: dulwich
raises each transport's own errors (urllib3's ``HTTPConnectionPool(...): Max retries exceeded
... Connection refused``, ssh's own words on its error stream, ``NotGitRepository`` with no
words at all), all in English. The system's reason under them (a refused connection, a host
name not found, a timeout) is said in our words (``errors.os_reason``), and so are the
transports' common answers; anything else keeps its own words, cut to one short line."""

from __future__ import annotations

import re
import ssl

from dulwich.client import HTTPProxyUnauthorized, HTTPUnauthorized
from dulwich.errors import HangupException, NotGitRepository

from ..errors import one_line, os_reason
from ..i18n import N_, _

LONGEST = 200

# What ssh says on its error stream, by the system's words it quotes (``ssh: connect to host
# h port 22: Connection refused``), in our words; the first found is said.
_SSH_WORDS = (
    ("Could not resolve hostname", N_("Name or service not known")),
    ("Connection refused", N_("Connection refused")),
    ("Connection timed out", N_("Connection timed out")),
    ("No route to host", N_("No route to host")),
    ("Network is unreachable", N_("Network is unreachable")),
    ("Connection reset by peer", N_("Connection reset by peer")),
    ("Host key verification failed", N_("the remote's host key could not be verified")),
    ("Permission denied", N_("Permission denied")),
)
_HTTP_STATUS = re.compile(r"unexpected http resp (\d{3})\b")


def remote_reason(error: BaseException) -> str:
    """Why talking to the remote failed (an exception from dulwich's fetch or push)."""
    system = system_error(error)
    if system is not None:
        return os_reason(system)
    if any(isinstance(cause, ssl.SSLCertVerificationError) for cause in causes(error)):
        return _("the server's certificate could not be verified")
    if isinstance(error, NotGitRepository):
        return _("no git repository there")
    if isinstance(error, (HTTPUnauthorized, HTTPProxyUnauthorized)):
        return _("the server asks for a user name and a password")
    text = one_line(str(error).strip())
    status = _HTTP_STATUS.search(text)
    if status is not None:
        return _("the server answered HTTP {status}").format(status=status.group(1))
    if isinstance(error, HangupException):
        said = next((words for phrase, words in _SSH_WORDS if phrase in text), None)
        if said is not None:
            return _(said)
        if not error.stderr_lines:
            return _("the remote closed the connection")
    text = text or type(error).__name__
    return text if len(text) <= LONGEST else text[:LONGEST - 1] + "…"


def causes(error: BaseException) -> list[BaseException]:
    """``error`` and what caused it, however deep (urllib3 wraps the system's error twice)."""
    chain: list[BaseException] = []
    found: BaseException | None = error
    while found is not None and all(found is not seen for seen in chain):
        chain.append(found)
        found = found.__cause__ or found.__context__
    return chain


def system_error(error: BaseException) -> OSError | None:
    """The system's error under ``error``, or ``None``. A TLS error is none: its number is
    the TLS library's."""
    return next((cause for cause in causes(error)
                 if isinstance(cause, OSError) and not isinstance(cause, ssl.SSLError)
                 and (cause.errno is not None or isinstance(cause, TimeoutError))), None)
