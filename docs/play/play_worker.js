// The Play page's Python, in a Web Worker: Pyodide starts, zank is installed
// from its wheels and zank_play.py answers the page's requests here, so that
// the page itself stays responsive while Python loads (issue 34).  Messages:
//   page -> worker  {id, boot: manifest} | {id, request: json_text}
//   worker -> page  {progress: {step, of, text}} | {id, answer: json_text} |
//                   {id, ready: timings} | {id, failed: message}
"use strict";

const base = new URL(".", self.location.href).href; // .../_static/play/
let handle = null; // zank_play.handle, once Python is up
const STEPS = 4;

function progress(step, text) {
  self.postMessage({ progress: { step, of: STEPS, text } });
}

async function fetchOk(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(url + ": HTTP " + r.status);
  return r;
}

async function boot(manifest, pageOrigin) {
  const timings = {};
  // milliseconds since the page's navigation, as the page counts them
  const now = () => performance.timeOrigin + performance.now() - pageOrigin;
  progress(1, "Fetching Python (Pyodide " + manifest.pyodide + ") and zank " + manifest.zank);
  // fetch the wheels and the page's module while Pyodide starts
  const wheel = (name) => fetchOk(base + "wheels/" + name).then((r) => r.arrayBuffer());
  const files = manifest.wheels.map(wheel);
  const module = fetchOk(base + "zank_play.py").then((r) => r.text());
  self.importScripts(base + "pyodide/pyodide.js");
  progress(2, "Starting Python (Pyodide " + manifest.pyodide + ")");
  const pyodide = await self.loadPyodide({ indexURL: base + "pyodide/" });
  timings.python = now();
  progress(3, "Installing zank " + manifest.zank);
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const buffer of await Promise.all(files)) {
    pyodide.unpackArchive(buffer, "wheel", { extractDir: site });
  }
  pyodide.FS.writeFile("/home/pyodide/zank_play.py", await module);
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  progress(4, "Importing zank");
  handle = pyodide.pyimport("zank_play").handle;
  timings.zank = now();
  return timings;
}

self.onmessage = async (event) => {
  const { id } = event.data;
  if (event.data.boot) {
    try {
      const { manifest, origin } = event.data.boot; // origin: the page's timeOrigin
      self.postMessage({ id, ready: await boot(manifest, origin) });
    } catch (e) {
      self.postMessage({ id, failed: String(e && e.message ? e.message : e) });
    }
    return;
  }
  if (handle === null) {
    self.postMessage({ id, failed: "Python is not ready yet" });
    return;
  }
  self.postMessage({ id, answer: handle(event.data.request) });
};
