"""The greedy co-operative bot seat (rules/bots.py "greedy" level): `greedy.greedy_move` answers for a
seat; planning by expected worth (`planning`) at the prices of `worth` from public odds (`odds`),
wounds along the life track (`harm`), card effects (`cards`), the island (`island_value`), night camp
moves (`camp`), look-at abilities (`look`), plain abilities and items (`aids`), answers to the asks
(`answers`)."""
