import { createEstimator, type HistoryStory, snapToDeck, weightedQuantile } from "./estimator";
import { stripNoise, tokenize } from "./tokenize";

/** Real rows of the DuraCloud backlog (../shared/data/storypoints/duracloud.csv), descriptions shortened. */
const HISTORY: HistoryStory[] = [
  {
    key: "DURACLOUD-4",
    title: "Document logging framework",
    description:
      "Store-client: Whenever used, creates a c:/ directory and several directories underneath it to store its log files.",
    points: 1,
  },
  {
    key: "DURACLOUD-10",
    title: "Allow for simple updating of project version numbers",
    description: "It should be easy/simple to update the version number of all parts of the baseline for each release.",
    points: 3,
  },
  {
    key: "DURACLOUD-19",
    title: "Bulk load: Verify successful DuraCloud ingest of 10TB of BHL content",
    description: null,
    points: 16,
  },
  {
    key: "DURACLOUD-21",
    title: "JPEG2K: Image conversion service",
    description: "Service wrapper and service to perform conversion of images from TIFF to JPEG2K.",
    points: 8,
  },
  {
    key: "DURACLOUD-22",
    title: "JPEG2K: Image server service",
    description: "Service wrapper and service to serve JPEG2K images.",
    points: 5,
  },
  {
    key: "DURACLOUD-23",
    title: "JPEG2K: Image viewer service",
    description: "Service wrapper and service to display JPEG2K images.",
    points: 3,
  },
  {
    key: "DURACLOUD-25",
    title: "Messaging: Add support for all DuraStore methods",
    description:
      "Add messaging support for all methods available through the DuraStore REST API. Define an appropriate topic heirarchy.",
    points: 3,
  },
  { key: "DURACLOUD-28", title: "Replication: handle replication on update/delete ", description: null, points: 3 },
  { key: "DURACLOUD-38", title: "Security: Add application security (basic auth)", description: null, points: 13 },
  {
    key: "DURACLOUD-61",
    title: "Handle files larger than 5GB",
    description: "Amazon S3 limits files size to 5GB, but many of our customers will want to store larger files.",
    points: 3,
  },
  {
    key: "DURACLOUD-64",
    title: "Update the development AMI",
    description: "Update the tomcat user in the development AMI to allow calling of apt-get via sudo.",
    points: 1,
  },
  {
    key: "DURACLOUD-65",
    title: "Create utility for durastore & duraservice initialization",
    description: null,
    points: 1,
  },
  {
    key: "DURACLOUD-72",
    title: "content browser: previous link takes the user to the first page.",
    description: null,
    points: 1,
  },
  {
    key: "DURACLOUD-75",
    title: "Large-file chunking in durastore",
    description: "This feature should accept large streams coming in from the durastore-REST-API and chunk them.",
    points: 3,
  },
  { key: "DURACLOUD-80", title: "display thumbnails in content browser", description: null, points: 1 },
  {
    key: "DURACLOUD-81",
    title: "Update Rackspace Java library",
    description: "A few issues have been resolved in the RackSpace Java library based on submitted bug reports.",
    points: 1,
  },
  {
    key: "DURACLOUD-91",
    title: "Out of memory error on uploading large files through duradmin.",
    description: "try uploading three files > 20 MB - tomcat should throw an OOM error.",
    points: 2,
  },
  {
    key: "DURACLOUD-93",
    title: "Convert to use SLF4J consistently for logging",
    description: "There is currently a mix of log4j, commons-logging, and slf4j in the baseline.",
    points: 3,
  },
  {
    key: "DURACLOUD-101",
    title: "Create utility to sync to DuraCloud from the filesystem",
    description:
      "This can be used to sync arbitrary file system directories with DuraCloud, storing the files in a space.",
    points: 16,
  },
  {
    key: "DURACLOUD-102",
    title: "Add option to set color space in Image Conversion service",
    description: "NYPL images are in proRGB format and need to be converted to sRGB as part of the conversion.",
    points: 2,
  },
];

describe("createEstimator", () => {
  it("gives a near-duplicate story the points of its twin and lists the twin first", () => {
    const estimator = createEstimator(HISTORY);
    const s = estimator.suggest({
      title: "Create a utility to sync DuraCloud from the file system",
      description: "To sync arbitrary file system directories with DuraCloud, storing the files in a space.",
    });
    expect(s.similar[0]).toBe("DURACLOUD-101");
    expect(s.points).toBe(16);
    expect(s.low).toBeLessThanOrEqual(s.points);
    expect(s.high).toBeGreaterThanOrEqual(s.points);
    expect(s.similar).toHaveLength(3);
  });

  it("ranks the stories sharing the most telling words first", () => {
    const s = createEstimator(HISTORY).suggest({ title: "JPEG2K: Image thumbnail service", description: null });
    expect(s.similar.slice(0, 3).sort()).toEqual(["DURACLOUD-21", "DURACLOUD-22", "DURACLOUD-23"]);
  });

  it("falls back to the history's median when no word matches", () => {
    const s = createEstimator(HISTORY).suggest({ title: "Zebra quokka", description: "Xylophone" });
    // Points of HISTORY sorted: eight 1s, ... the lower median is 3 (10th of 20 values).
    expect(s.points).toBe(3);
    expect(s.low).toBe(1);
    expect(s.high).toBeGreaterThanOrEqual(3);
    // No word matches: the latest stories of the suggested points, then the latest.
    expect(s.similar).toEqual(["DURACLOUD-93", "DURACLOUD-75", "DURACLOUD-61"]);
  });

  it("snaps points and range to the given deck", () => {
    const estimator = createEstimator(HISTORY);
    const story = {
      title: "Create a utility to sync DuraCloud from the file system",
      description: "To sync arbitrary file system directories with DuraCloud, storing the files in a space.",
    };
    expect(estimator.suggest(story).points).toBe(16);
    const s = estimator.suggest(story, [1, 2, 3, 5, 8, 13, 21]);
    expect(s.points).toBe(13);
    for (const v of [s.points, s.low, s.high]) expect([1, 2, 3, 5, 8, 13, 21]).toContain(v);
  });

  it("answers the deck's middle card and a wide range with an empty history", () => {
    expect(createEstimator([]).suggest({ title: "Anything" })).toEqual({ points: 5, low: 3, high: 13, similar: [] });
    expect(createEstimator().suggest({ title: "Anything" }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual({
      points: 6,
      low: 3,
      high: 8,
      similar: [],
    });
  });

  it("is deterministic and add() is the same as building with the story", () => {
    const story = { title: "Large-file stitching as client-side utility", description: null };
    const built = createEstimator(HISTORY).suggest(story);
    expect(createEstimator(HISTORY).suggest(story)).toEqual(built);
    const grown = createEstimator(HISTORY.slice(0, 10));
    for (const h of HISTORY.slice(10)) grown.add(h);
    expect(grown.size).toBe(HISTORY.length);
    expect(grown.suggest(story)).toEqual(built);
    expect(built.similar[0]).toBe("DURACLOUD-75");
  });

  it("learns from an added story at once", () => {
    const estimator = createEstimator(HISTORY);
    const story = { title: "Quarterly billing report for storage providers" };
    estimator.add({ key: "NEW-1", title: "Quarterly billing report for storage providers", points: 8 });
    estimator.add({ key: "NEW-2", title: "Monthly billing report for storage providers", points: 8 });
    const s = estimator.suggest(story);
    expect(s.similar.slice(0, 2)).toEqual(["NEW-1", "NEW-2"]);
    expect(s.points).toBe(8);
  });

  it("ignores history stories without valid points", () => {
    const estimator = createEstimator([
      { key: "A-1", title: "x", points: Number.NaN },
      { key: "A-2", title: "y", points: -1 },
      { key: "A-3", title: "z", points: 2 },
    ]);
    expect(estimator.size).toBe(1);
  });
});

describe("deck helpers", () => {
  it("snaps to the nearest card, ties to the larger", () => {
    expect(snapToDeck(4, [1, 2, 3, 5, 8])).toBe(5);
    expect(snapToDeck(6, [1, 2, 3, 5, 8])).toBe(5);
    expect(snapToDeck(100, [1, 2, 3])).toBe(3);
    expect(snapToDeck(7, [])).toBe(7);
  });

  it("takes the lower weighted quantile", () => {
    expect(weightedQuantile([1, 2, 3], [1, 1, 1], 0.5)).toBe(2);
    expect(weightedQuantile([1, 2], [1, 1], 0.5)).toBe(1);
    expect(weightedQuantile([1, 2, 3], [0.1, 0.1, 5], 0.5)).toBe(3);
    expect(weightedQuantile([1, 2, 3], [1, 1, 1], 0.25)).toBe(1);
  });
});

describe("tokenize", () => {
  it("drops code blocks, stack traces, URLs and paths, splits camelCase and stems", () => {
    const text =
      "The ServiceInstaller fails at startup, see https://wiki.example.org/x/y\n{code}int x = 1;{code}\n" +
      "\tat org.duracloud.Foo.bar(Foo.java:12)\nLogs in /var/log/tomcat/catalina.out";
    expect(stripNoise(text)).not.toMatch(/wiki|int x|Foo\.java|catalina/);
    expect(tokenize(text)).toEqual(["service", "installer", "fail", "startup", "see", "log"]);
  });

  it("stays fast on hostile text (no regular-expression backtracking blow-up)", () => {
    for (const text of ["a".repeat(65_535), " \n".repeat(30_000), `at x${"(".repeat(60_000)}`, "/a".repeat(30_000)]) {
      const started = performance.now();
      tokenize(text);
      // A few milliseconds when linear; a backtracking pattern never finishes on these inputs, so a
      // generous bound catches it without failing on a loaded machine.
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("caps the number of tokens", () => {
    expect(tokenize("alpha beta gamma delta", 2)).toEqual(["alpha", "beta"]);
    expect(tokenize(null)).toEqual([]);
  });
});
