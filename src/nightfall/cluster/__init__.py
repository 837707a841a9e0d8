"""Running several server nodes: room ownership through leases in Redis.

The event store (PostgreSQL) is the truth; Redis only says which node may
write a room right now, and hands out the fencing token the store checks.
"""

from .lease import Lease, LeaseLost, Leases

__all__ = ["Lease", "LeaseLost", "Leases"]
