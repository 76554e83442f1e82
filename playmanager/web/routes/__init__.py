"""The API's routes, one module per room (games, files, slots, the
command line's opening, the page), each an :class:`fastapi.APIRouter`
that ``create_app`` includes."""
