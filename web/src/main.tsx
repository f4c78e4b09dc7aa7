import './styles.css';

// The entry only decides *when* the app starts; the app itself (framework, router, pages) is one
// dynamic import away (app/start.tsx), so that it can wait.
//
// A prerendered page (docs/decisions/0016-prerendered-public-pages.md) is complete as HTML and CSS:
// the app only makes it interactive. Its JavaScript is asked for once the document has loaded (its
// stylesheet and the pictures in it, the home page's first slide among them) and the browser has
// painted a frame of it, so that on a slow connection the scripts do not share the bandwidth with
// what the visitor sees first. (A tab opened in the background paints nothing, so its app waits
// until it is shown.) Every other page (the customer and admin areas, unknown paths) has only a
// loader until the app runs, so it starts at once; index.html preloads its chunks
// (web/scripts/prerender.ts).

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const prerendered = container.hasAttribute('data-prerendered');

/** Resolves after the load event and the first frame painted after it. */
function loadedAndPainted(): Promise<void> {
  return new Promise((resolve) => {
    // A frame's animation callbacks run just before it is painted; a task queued from one runs after.
    const afterNextPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    if (document.readyState === 'complete') afterNextPaint();
    else window.addEventListener('load', afterNextPaint, { once: true });
  });
}

void (prerendered ? loadedAndPainted() : Promise.resolve())
  .then(() => import('./app/start'))
  .then(({ start }) => start(container, prerendered));
