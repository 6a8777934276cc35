"""Textual screens and widgets. Screens read views from the store and dispatch actions;
they never decide a rule."""
