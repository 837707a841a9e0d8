"""Reports: the morning post (A-REPORT) and private messages (A-MSG), ru and en."""
