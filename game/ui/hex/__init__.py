"""The hex map view: Europa-style counters, the hex renderer, click play, screenshots."""
