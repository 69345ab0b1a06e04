"""The poker family: Push stud (P1), Screw Your Neighbor (P2), three-card brag (B1) and casino
Three Card Poker (C1).
"""
