// Building DOM and SVG without a framework: h() for HTML, s() for SVG.

type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

function apply(el: Element, attrs: Attrs | undefined, children: Child[]): void {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  const add = (child: Child): void => {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) child.forEach(add);
    else el.append(child instanceof Node ? child : String(child));
  };
  children.forEach(add);
}

/** An HTML element: h("div", {class: "x", onclick: f}, "text", child). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs, ...children: Child[]):
  HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs, children);
  return el;
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element. */
export function s(tag: string, attrs?: Attrs, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG, tag) as SVGElement;
  apply(el, attrs, children);
  return el;
}

/** Replace a container's content. */
export function mount(container: Element, ...children: Child[]): void {
  container.replaceChildren();
  apply(container, undefined, children);
}
