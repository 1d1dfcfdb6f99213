/**
 * What the layout gate measures inside the page: run in Chromium by `page.evaluate`, so it
 * uses nothing from outside its own body. It reads the boxes the browser laid out, the way a
 * visitor's eyes see them: what sticks out sideways, what overflows its box, controls whose label
 * wraps or is cut, pointer targets too small (WCAG 2.2, 2.5.8), and at 200 % text size text that
 * is clipped or lies on other text (1.4.4). Each fault names a short selector, the element's text
 * and by how many CSS pixels; the element is marked with `data-layout-fault` for the screenshots.
 */

export type LayoutFaultKind =
  | 'sideways-scroll'
  | 'overflow'
  | 'control-wraps'
  | 'control-clipped'
  | 'small-target'
  | 'scroll-container'
  | 'uneven-rows'
  | 'text-clipped'
  | 'text-overlap';

export interface LayoutFault {
  kind: LayoutFaultKind;
  /** `summary.menu-toggle`, `main > h1`: short, enough to find the element. */
  selector: string;
  /** The element's visible text, shortened. */
  text: string;
  /** By how many CSS pixels (too wide, too small, overlapping); for uneven rows, by how many cards. */
  pixels: number;
  /** The rest of the sentence: "ends 9 px past the right edge". */
  detail: string;
}

export interface ProbeOptions {
  /** Which checks run: at normal text size the reflow ones, at 200 % the clipping and overlap ones. */
  mode: 'reflow' | 'text-zoom';
}

/**
 * The probe itself. Self-contained: Playwright sends its source to the page. `__name` is what
 * tsx's keepNames adds around named functions; the gate defines it in the page first.
 */
export function probeLayout({ mode }: ProbeOptions): LayoutFault[] {
  const faults: LayoutFault[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const tolerance = 1;

  const shortOf = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    if (element.id) return `${tag}#${element.id}`;
    const classes = Array.from(element.classList).filter((name) => !name.startsWith('is-'));
    return classes.length > 0 ? `${tag}.${classes.slice(0, 2).join('.')}` : tag;
  };
  const selectorOf = (element: Element): string => {
    const own = shortOf(element);
    if (own.includes('#') || own.includes('.')) {
      const parent = element.parentElement;
      return parent && parent !== document.body && !own.includes('#') && parent.closest('header')
        ? `header ${own}`
        : own;
    }
    const parent = element.parentElement;
    return parent && parent !== document.body && parent !== document.documentElement
      ? `${shortOf(parent)} > ${own}`
      : own;
  };
  const textOf = (element: Element): string => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const label = text || element.getAttribute('aria-label') || '';
    return label.length > 48 ? `${label.slice(0, 47)}…` : label;
  };
  const seen = new Set<string>();
  const report = (element: Element, kind: LayoutFaultKind, pixels: number, detail: string) => {
    const selector = selectorOf(element);
    const key = `${kind} ${selector} ${detail}`;
    if (seen.has(key)) return;
    seen.add(key);
    element.setAttribute('data-layout-fault', kind);
    const text = element === document.documentElement ? '' : textOf(element);
    faults.push({ kind, selector, text, pixels: Math.round(pixels), detail });
  };

  const isShown = (element: Element): boolean =>
    element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
    // Visually hidden (1 px, clipped) text is for assistive technology only.
    getComputedStyle(element).clip === 'auto' &&
    !(element.getBoundingClientRect().width <= 1 && element.getBoundingClientRect().height <= 1);
  const clipsOnPurpose = (style: CSSStyleDeclaration, axis: 'x' | 'y') =>
    (axis === 'x' ? style.overflowX : style.overflowY) !== 'visible';
  const scrolls = (style: CSSStyleDeclaration) => ['auto', 'scroll'].includes(style.overflowX);
  const all = Array.from(document.body.querySelectorAll('*')).filter(
    (element) => !(element instanceof SVGElement && element.tagName.toLowerCase() !== 'svg'),
  );
  const shown = all.filter(isShown);

  /** The rectangles of the text lines directly inside `element`. */
  const ownTextLines = (element: Element): DOMRect[] => {
    const rects: DOMRect[] = [];
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType !== Node.TEXT_NODE || !(node.textContent ?? '').trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 0));
    }
    return rects;
  };
  /** The part of the screen where `element` can show: inside every ancestor that clips or scrolls. */
  const clipCache = new Map<Element, DOMRect>();
  const visibleArea = (element: Element | null): DOMRect => {
    if (!element || element === document.documentElement || element === document.body)
      return new DOMRect(-1e6, -1e6, 2e6, 2e6);
    const cached = clipCache.get(element);
    if (cached) return cached;
    const outer = visibleArea(element.parentElement);
    const style = getComputedStyle(element);
    let area = outer;
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
      const box = element.getBoundingClientRect();
      const left = Math.max(outer.left, style.overflowX !== 'visible' ? box.left : -1e6);
      const right = Math.min(outer.right, style.overflowX !== 'visible' ? box.right : 1e6);
      const top = Math.max(outer.top, style.overflowY !== 'visible' ? box.top : -1e6);
      const bottom = Math.min(outer.bottom, style.overflowY !== 'visible' ? box.bottom : 1e6);
      area = new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
    }
    clipCache.set(element, area);
    return area;
  };
  const within = (rect: DOMRect, area: DOMRect): DOMRect | undefined => {
    const left = Math.max(rect.left, area.left);
    const right = Math.min(rect.right, area.right);
    const top = Math.max(rect.top, area.top);
    const bottom = Math.min(rect.bottom, area.bottom);
    return right - left > 0 && bottom - top > 0
      ? new DOMRect(left, top, right - left, bottom - top)
      : undefined;
  };
  /** How many lines the text inside `element` takes, hidden labels included (they hold space too). */
  const linesOf = (element: Element): number => {
    let most = 0;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node.textContent ?? '').trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      );
      most = Math.max(most, tops.size);
    }
    return most;
  };

  const controlSelector = [
    'button',
    'summary',
    '[role="button"]',
    'nav a',
    '.language-switcher a',
    'a[class*="button"]',
    'a[class*="btn"]',
    'a[class*="cta"]',
  ].join(', ');
  const targetSelector =
    'a[href], button, summary, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])';

  if (mode === 'reflow') {
    // Content wider than its box: a child that sticks out, or the element's own text running past it.
    for (const element of shown) {
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'contents') continue;
      if (clipsOnPurpose(style, 'x')) continue;
      const box = element.getBoundingClientRect();
      const left = box.left + element.clientLeft;
      const right = left + element.clientWidth;
      if (element.clientWidth === 0) continue;
      for (const child of Array.from(element.children)) {
        if (!isShown(child)) continue;
        const childStyle = getComputedStyle(child);
        // Positioned boxes are placed on purpose (the menu panel spans the header); the page's
        // width check still catches one that ends past the screen.
        if (childStyle.position === 'fixed' || childStyle.position === 'absolute') continue;
        const rect = child.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const past = Math.max(rect.right - right, left - rect.left);
        if (past > tolerance)
          report(child, 'overflow', past, `sticks out of ${shortOf(element)} by ${Math.round(past)} px`);
      }
      for (const line of ownTextLines(element)) {
        const past = Math.max(line.right - right, left - line.left);
        if (past > tolerance) {
          report(element, 'overflow', past, `text runs ${Math.round(past)} px past its box`);
          break;
        }
      }
    }

    // Sideways scroll: what ends past the viewport, outside a container that scrolls on purpose.
    const documentWidth = document.documentElement.scrollWidth;
    if (documentWidth > viewportWidth + tolerance) {
      const culprits = shown.filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.right <= viewportWidth + tolerance) return false;
        // Inside a box that scrolls or clips it, it widens nothing.
        if (visibleArea(element.parentElement).right <= viewportWidth + tolerance) return false;
        const parent = element.parentElement;
        return !parent || parent.getBoundingClientRect().right <= viewportWidth + tolerance;
      });
      const named = culprits
        .slice(0, 3)
        .map((element) => `${selectorOf(element)} "${textOf(element).slice(0, 24)}"`);
      report(
        document.documentElement,
        'sideways-scroll',
        documentWidth - viewportWidth,
        `the page scrolls sideways: ${documentWidth - viewportWidth} px wider than the screen${named.length ? `, from ${named.join(', ')}` : ''}`,
      );
    }

    // A list of cards laid out in rows that differ by more than one card (three and one) looks
    // broken; the templates balance their lists (templates/balancedGrid.ts) for any count.
    for (const list of shown) {
      if (!['UL', 'OL'].includes(list.tagName) || getComputedStyle(list).display !== 'grid') continue;
      const rows = new Map<number, number>();
      for (const item of Array.from(list.children).filter(isShown)) {
        const top = Math.round(item.getBoundingClientRect().top);
        rows.set(top, (rows.get(top) ?? 0) + 1);
      }
      const sizes = [...rows.entries()].sort(([a], [b]) => a - b).map(([, cards]) => cards);
      const most = Math.max(...sizes);
      const fewest = Math.min(...sizes);
      if (sizes.length > 1 && most - fewest > 1)
        report(
          list,
          'uneven-rows',
          most - fewest,
          `its cards sit ${sizes.join(' + ')} a row: a row of ${fewest} next to a row of ${most}`,
        );
    }

    // A container that scrolls sideways on purpose must be reachable by keyboard and labelled.
    for (const element of shown) {
      const style = getComputedStyle(element);
      if (!scrolls(style) || element.scrollWidth <= element.clientWidth + tolerance) continue;
      const focusable = (element as HTMLElement).tabIndex >= 0;
      const labelled = element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
      if (!focusable || !labelled)
        report(
          element,
          'scroll-container',
          element.scrollWidth - element.clientWidth,
          `scrolls sideways by ${element.scrollWidth - element.clientWidth} px but is ${[!focusable && 'not reachable by keyboard (tabindex="0")', !labelled && 'not labelled (aria-label)'].filter(Boolean).join(' and ')}`,
        );
    }

    // Controls: one line of label, all of it shown.
    for (const control of Array.from(document.querySelectorAll(controlSelector))) {
      if (!isShown(control)) continue;
      const lines = linesOf(control);
      const rect = control.getBoundingClientRect();
      // The header holds one row: its controls have room for one line. Elsewhere a control may grow
      // to hold a longer label, but its label must not spill out of its box.
      const oneRow = control.closest('header') !== null && !control.closest('[data-mobile-menu]');
      const spills = control.scrollHeight - control.clientHeight;
      if (lines > 1 && (oneRow || spills > tolerance))
        report(
          control,
          'control-wraps',
          rect.height,
          `label wraps onto ${lines} lines (${Math.round(rect.height)} px tall${spills > tolerance ? `, ${spills} px of it outside the control` : ''})`,
        );
      const past = Math.max(rect.right - viewportWidth, -rect.left);
      if (past > tolerance)
        report(control, 'control-clipped', past, `cut off: ends ${Math.round(past)} px past the screen`);
      const style = getComputedStyle(control);
      if (clipsOnPurpose(style, 'x') && control.scrollWidth > control.clientWidth + tolerance)
        report(
          control,
          'control-clipped',
          control.scrollWidth - control.clientWidth,
          `label cut off by ${control.scrollWidth - control.clientWidth} px`,
        );
    }

    // Pointer targets of at least 24 × 24 px, or spaced so that a 24 px circle around each touches no other.
    const targets = Array.from(document.querySelectorAll(targetSelector)).filter((target) => {
      if (!isShown(target)) return false;
      // Links inside a sentence are exempt (2.5.8, inline).
      if (target.tagName === 'A' && getComputedStyle(target).display === 'inline') {
        const block = target.parentElement;
        const ownText = (target.textContent ?? '').trim();
        const blockText = (block?.textContent ?? '').replace(ownText, '').trim();
        if (block && /[\p{L}\p{N}]{2}/u.test(blockText) && !block.closest('nav')) return false;
      }
      return true;
    });
    // What a pointer can reach: the part of each target not scrolled out of view in a scroll box.
    const reachable = targets
      .map((target) => ({
        target,
        box: within(target.getBoundingClientRect(), visibleArea(target.parentElement)),
      }))
      .filter((entry): entry is { target: Element; box: DOMRect } => entry.box !== undefined);
    targets.length = 0;
    targets.push(...reachable.map((entry) => entry.target));
    const boxes = reachable.map((entry) => entry.box);
    const small = boxes.map((rect) => rect.width < 24 - 0.5 || rect.height < 24 - 0.5);
    const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    const circleTouchesRect = (x: number, y: number, rect: DOMRect) => {
      const nearestX = Math.max(rect.left, Math.min(x, rect.right));
      const nearestY = Math.max(rect.top, Math.min(y, rect.bottom));
      return Math.hypot(x - nearestX, y - nearestY) < 12;
    };
    targets.forEach((target, index) => {
      if (!small[index]) return;
      const { x, y } = centre(boxes[index]);
      const crowding = targets.find((other, otherIndex) => {
        if (otherIndex === index || other.contains(target) || target.contains(other)) return false;
        const rect = boxes[otherIndex];
        if (circleTouchesRect(x, y, rect)) return true;
        if (!small[otherIndex]) return false;
        const c = centre(rect);
        return Math.hypot(c.x - x, c.y - y) < 24;
      });
      if (crowding) {
        const rect = boxes[index];
        report(
          target,
          'small-target',
          24 - Math.min(rect.width, rect.height),
          `pointer target ${Math.round(rect.width)} × ${Math.round(rect.height)} px, under 24 × 24 px and too close to ${selectorOf(crowding)} "${textOf(crowding).slice(0, 24)}"`,
        );
      }
    });
  } else {
    // Text clipped: a box that hides overflow while its text needs more room.
    for (const element of shown) {
      const style = getComputedStyle(element);
      if (scrolls(style)) continue;
      const clipsX = clipsOnPurpose(style, 'x');
      const clipsY = clipsOnPurpose(style, 'y');
      if (!clipsX && !clipsY) continue;
      if (!(element.textContent ?? '').trim()) continue;
      const overX = clipsX ? element.scrollWidth - element.clientWidth : 0;
      const overY = clipsY ? element.scrollHeight - element.clientHeight : 0;
      const over = Math.max(overX, overY);
      if (over > tolerance)
        report(element, 'text-clipped', over, `text cut off by ${over} px at 200 % text size`);
    }
    // Text on text: line boxes of different elements that overlap.
    const lines: { element: Element; rect: DOMRect }[] = [];
    for (const element of shown)
      for (const line of ownTextLines(element)) {
        // Text scrolled or clipped out of view lies on nothing.
        const rect = within(line, visibleArea(element));
        if (rect) lines.push({ element, rect });
      }
    lines.sort((a, b) => a.rect.top - b.rect.top);
    for (let i = 0; i < lines.length; i++) {
      const a = lines[i];
      for (let j = i + 1; j < lines.length && lines[j].rect.top < a.rect.bottom; j++) {
        const b = lines[j];
        if (a.element === b.element || a.element.contains(b.element) || b.element.contains(a.element))
          continue;
        const overlapX = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const overlapY = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        // Line boxes of neighbouring lines touch by their half-leading; only real overlap counts.
        if (overlapX > 2 && overlapY > Math.min(a.rect.height, b.rect.height) / 3)
          report(
            b.element,
            'text-overlap',
            overlapY,
            `text lies ${Math.round(overlapY)} px over ${selectorOf(a.element)} "${textOf(a.element).slice(0, 24)}" at 200 % text size`,
          );
      }
    }
  }
  return faults;
}
