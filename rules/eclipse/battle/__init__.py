"""Eclipse's Combat phase (E49-E66, E77, E95-E98, E112-E116).

core (ship types, dice, to-hit, initiative, stalemate: shared by the game and the odds), hits
(ships and damage in a hex), fight (the battles of one hex), phase (the E62 order: battles,
population attacks, reputation draws), population (E63), reputation (E61), notation and odds
(the exact odds calculator, E95-E98), game_odds (the odds of a battle of a running game).
"""
