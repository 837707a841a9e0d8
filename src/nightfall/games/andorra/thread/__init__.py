"""Votes from the forum thread (issue 32 §1, A-THREAD-*): readers for forum pages turn a page
into ``Post``s, ``votes.read_votes`` applies the seed's §09 to them. Pure: no I/O here, the
server and the CLI fetch the pages (server/thread_fetch.py)."""
