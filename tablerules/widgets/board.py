"""The board piece every game's panel draws on: an SVG picture whose parts you can click.

Why anywidget: an ipywidgets ``HTML`` cannot send a click back to Python, and a custom ipywidgets
front-end package would need a JavaScript build and an extension installed in JupyterLab and Voila alike.
An anywidget carries its few lines of JavaScript with it (no build, no extension), is maintained, and runs
the same in JupyterLab, Voila and VS Code. The picture itself is SVG drawn in Python (:mod:`.svg`), so it
is crisp at any size, readable from the back of a room, and testable as a string.

A part of the picture is clickable when it carries ``data-target="kind:id"`` (``region:7``, ``square:c4``,
``card:12``, ``room:3``); the panel passes the targets that have legal actions now as :attr:`Board.active`
(they are outlined and take the pointer), and a click calls the panel back with the target.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  el.classList.add("tablerules-board");
  const draw = () => {
    const view = model.get("view") || {};
    el.innerHTML = view.svg || "";
    const active = new Set(view.active || []);
    el.querySelectorAll("[data-target]").forEach((node) => {
      const target = node.getAttribute("data-target");
      if (!active.has(target)) return;
      node.classList.add("tablerules-target");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const send = (event) => {
        event.stopPropagation();
        model.set("clicked", target);
        model.set("clicks", model.get("clicks") + 1);
        model.save_changes();
      };
      node.addEventListener("click", send);
      node.addEventListener("keydown", (event) => { if (event.key === "Enter") send(event); });
    });
  };
  model.on("change:view", draw);
  draw();
}
export default { render };
"""

_CSS = """
.tablerules-board { max-width: 100%; overflow-x: auto; }
.tablerules-board svg { max-width: 100%; height: auto; font-family: "DejaVu Sans", "Noto Sans CJK SC", sans-serif; }
.tablerules-board .tablerules-target { cursor: pointer; }
.tablerules-board text { pointer-events: none; user-select: none; }
.tablerules-board .tablerules-target:hover > .tablerules-shape,
.tablerules-board .tablerules-target:focus > .tablerules-shape { stroke: #ff6f00; stroke-width: 5; }
.tablerules-board .tablerules-target > .tablerules-shape { stroke: #1565c0; stroke-width: 3.5; }
.tablerules-board .tablerules-target:focus { outline: none; }
"""


class Board(anywidget.AnyWidget):
    """An SVG picture (:attr:`svg`) whose parts with a ``data-target`` listed in :attr:`active` can be
    clicked; :meth:`on_click` registers the callback (it gets the target string)."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("")
    active = traitlets.List(traitlets.Unicode(), default_value=[])
    #: what the page draws: the picture and its clickable parts in one message (one redraw when both change)
    view = traitlets.Dict().tag(sync=True)
    clicked = traitlets.Unicode("").tag(sync=True)
    clicks = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self.observe(self._on_clicks, names="clicks")
        self.observe(self._on_view, names=["svg", "active"])
        self._on_view({})

    def show(self, svg: str, active: list[str]) -> None:
        """Draw ``svg`` with ``active`` clickable: one message to the page, one redraw."""
        with self.hold_sync():
            self.active = active
            self.svg = svg

    def _on_view(self, _change: dict) -> None:
        self.view = {"svg": self.svg, "active": list(self.active)}

    def on_click(self, callback: Callable[[str], None]) -> None:
        self._callbacks.append(callback)

    def click(self, target: str) -> None:
        """Click ``target`` from Python (scripts and tests), as the page does."""
        self.clicked = target
        self.clicks += 1

    def _on_clicks(self, _change: dict) -> None:
        for callback in self._callbacks:
            callback(self.clicked)
