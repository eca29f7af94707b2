// A page drawn entirely by its markup: it only says it is ready.
document.body.dataset.state = 'ready';
