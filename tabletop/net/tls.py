"""A table exposed beyond this computer speaks TLS (wss), with a certificate of its own.

No certificate authority vouches for a table at a friend's house, so the host makes its own
self-signed certificate on first use (``table_certificate``: an EC P-256 key, made with the
``cryptography`` package) and keeps it in the data folder, readable by its owner only. The
join codes the host shows carry the certificate's fingerprint (``protocol.fingerprint``), and
a joiner sends its seat's code only to a table whose certificate has that fingerprint
(``client_context`` does no other check: the fingerprint is the check).

A table on this computer only (127.0.0.1, ::1, localhost) stays plain: nobody else sees its
traffic. Any other address, 127.0.0.2 included, counts as exposed (the tests use that one).

Files that hold secrets (the key, the tables' join codes) are written here too
(``write_private``): 0600, in a folder that is 0700.
"""

from __future__ import annotations

import datetime as dt
import os
import ssl
from pathlib import Path

from . import protocol as P

PLAIN_HOSTS = ("127.0.0.1", "localhost", "::1")
CERTIFICATE = "table-certificate.pem"
KEY = "table-key.pem"


class CertificateError(Exception):
    """The table's certificate cannot be made or read; ``str()`` is one sentence."""


def exposed(host: str) -> bool:
    """A table listening on ``host`` can be reached from another computer: it speaks TLS."""
    return host not in PLAIN_HOSTS


def private_folder(folder: Path) -> Path:
    """``folder``, made if needed, readable by its owner only (0700)."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    if folder.stat().st_mode & 0o077:
        os.chmod(folder, 0o700)
    return folder


def write_private(path: Path, data: bytes) -> None:
    """Write ``path`` whole (a reader sees the old file or the new one), 0600, in a 0700 folder."""
    private_folder(path.parent)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)  # a leftover .tmp may have been made with other rights
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)


def table_certificate(folder: Path) -> tuple[Path, Path]:
    """The table's certificate and key in ``folder``, made on first use (0600 each)."""
    cert, key = folder / CERTIFICATE, folder / KEY
    if cert.is_file() and key.is_file():
        for path in (cert, key):
            if path.stat().st_mode & 0o077:
                os.chmod(path, 0o600)
        return cert, key
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:  # pragma: no cover - a dependency of tabletop
        raise CertificateError("the cryptography package is missing: reinstall tabletop.") from None
    secret = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "tabletop table")])
    now = dt.datetime.now(dt.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(secret.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=3650))
        .sign(secret, hashes.SHA256())
    )
    try:
        write_private(key, secret.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                serialization.NoEncryption()))
        write_private(cert, certificate.public_bytes(serialization.Encoding.PEM))
    except OSError as exc:
        raise CertificateError(f"cannot keep the table's certificate in {folder} "
                               f"({exc.strerror or type(exc).__name__}).") from None
    return cert, key


def certificate_print(cert: Path) -> str:
    """The fingerprint of the certificate in ``cert`` (PEM) as a join code carries it."""
    return P.fingerprint(ssl.PEM_cert_to_DER_cert(cert.read_text()))


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as exc:
        raise CertificateError(f"cannot read the table's certificate in {cert.parent} ({exc}); "
                               f"delete {cert.name} and {key.name} there to make a new one.") from None
    return context


def client_context() -> ssl.SSLContext:
    """TLS for a joiner: no authority is asked, since the joiner pins the fingerprint its
    code carries (``Connection`` checks it before it sends the seat's code)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context
