"""The zone map views: the purchase screen, the battle window and strip, battle decisions,
airdrops, coastal artillery and logistics panels."""
