"""Night resolution: scratchpad, hostile-action procedure, the named pipeline, dawn."""
