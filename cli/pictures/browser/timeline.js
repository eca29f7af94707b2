// The replay timeline: a switch that keeps only the steps that left something out or diverged.
(() => {
  'use strict';
  const toggle = document.getElementById('only-omissions');
  toggle.addEventListener('change', () => {
    for (const step of document.querySelectorAll('.step')) {
      const keep = !toggle.checked || step.classList.contains('omission') || step.classList.contains('diverged');
      step.style.display = keep ? '' : 'none';
    }
  });
  document.body.dataset.state = 'ready';
})();
