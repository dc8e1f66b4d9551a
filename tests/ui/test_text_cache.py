"""Lines of text are rendered once, then blitted (issue #46 item 9: the side panel drew
some 25 lines a frame, a millisecond of every frame on the big map)."""
import pygame

from game.ui import theme


def test_a_line_drawn_again_is_the_same_image_and_the_same_pixels():
    pygame.font.init()
    theme.reset_fonts()
    a, b = pygame.Surface((200, 40)), pygame.Surface((200, 40))
    ra = theme.text(a, "Round 3 of 10", (5, 5), 20, theme.TEXT_DIM, shadow=(0, 0, 0))
    first = theme._rendered("Round 3 of 10", 20, False, theme.TEXT_DIM)
    rb = theme.text(b, "Round 3 of 10", (5, 5), 20, theme.TEXT_DIM, shadow=(0, 0, 0))
    assert theme._rendered("Round 3 of 10", 20, False, theme.TEXT_DIM) is first
    assert ra == rb and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    # another colour, size or weight is another image; a new pygame session starts afresh
    assert theme._rendered("Round 3 of 10", 20, True, theme.TEXT_DIM) is not first
    assert theme._rendered("Round 3 of 10", 20, False, theme.TEXT) is not first
    theme.reset_fonts()
    assert theme._rendered("Round 3 of 10", 20, False, theme.TEXT_DIM) is not first
