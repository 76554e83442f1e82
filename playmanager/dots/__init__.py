"""Dots' front ends: the MIS's View and Controller, the line mode, saves,
autoplay and the full screen.

The model is :mod:`gamestate.dots`; everything that prints, reads input or
touches files is here. ``python -m playmanager --game dots`` runs
:func:`playmanager.dots.cli.main`.
"""
