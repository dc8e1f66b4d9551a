"""Centring the camera on a space keeps a map that fits the view in the middle of it (the
attack and airdrop screens centred on Southern France pushed the Mediterranean map half
out of the view at the fit zoom); zoomed in, the space comes to the middle."""
from __future__ import annotations

from game.ui.camera import Camera


def test_center_on_at_fit_zoom_keeps_the_map_centred():
    cam = Camera((1860, 1010), (0, 0, 1210, 900))
    ox, oy = cam.ox, cam.oy
    cam.center_on(300, 200)
    assert (cam.ox, cam.oy) == (ox, oy)


def test_center_on_zoomed_in_brings_the_point_to_the_middle():
    cam = Camera((1860, 1010), (0, 0, 1210, 900))
    cam.zoom(3.0)
    cam.center_on(900, 500)
    sx, sy = cam.to_screen(900, 500)
    assert abs(sx - 605) < 1 and abs(sy - 450) < 1
