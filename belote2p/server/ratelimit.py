"""Rate limits per client address, counted in the database every worker shares.

A fixed window per (what, who): ``rate_hits`` holds one counter a window,
raised by one upsert that returns the new count, so workers on several
machines count together.  Who: the client's address, an IPv6 address by its
/64 (one subscriber's whole prefix), and ``X-Forwarded-For`` believed only
when the connection comes from a configured proxy.
"""

from __future__ import annotations

import ipaddress
import math
from dataclasses import dataclass

from sqlalchemy import delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from .db import rate_hits


@dataclass(frozen=True)
class Limit:
    hits: int  # allowed a window
    seconds: int  # the window


class RateLimited(Exception):
    def __init__(self, retry_after: int, what: str):
        super().__init__(f"too many {what} from this address: try again in {retry_after} s")
        self.retry_after = retry_after
        self.message = str(self)


def client_key(peer: str | None, forwarded_for: str | None,
               trusted_proxies: frozenset[str]) -> str:
    """The address a request is counted under."""
    address = peer or "unknown"
    if forwarded_for and address in trusted_proxies:
        # The proxies append: the rightmost address not a proxy of ours is the client.
        for hop in reversed([h.strip() for h in forwarded_for.split(",") if h.strip()]):
            if hop not in trusted_proxies:
                address = hop
                break
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:45]
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if ip.version == 6 else str(ip)


def hit(connection: Connection, what: str, who: str, limit: Limit, now: float) -> None:
    """Count one request; RateLimited (with the seconds to wait) past the limit."""
    window = int(now // limit.seconds)
    expires = (window + 1) * limit.seconds
    bucket = f"{what}:{who}:{window}"[:96]
    insert = (sqlite.insert if connection.dialect.name == "sqlite" else postgresql.insert)
    statement = insert(rate_hits).values(bucket=bucket, hits=1, expires=expires) \
        .on_conflict_do_update(index_elements=["bucket"],
                               set_={"hits": rate_hits.c.hits + 1}) \
        .returning(rate_hits.c.hits)
    count = connection.execute(statement).scalar_one()
    if count == 1:  # a new window: forget the ones that are over (addresses not kept)
        connection.execute(delete(rate_hits).where(rate_hits.c.expires < now))
    if count > limit.hits:
        raise RateLimited(max(1, math.ceil(expires - now)), what)
