// The middle value of a few measurements (the upper middle of an even count): what the
// narrower benchmarks report, since a noisy machine's mean says little.
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
