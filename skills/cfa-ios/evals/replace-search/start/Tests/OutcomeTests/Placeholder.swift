// The grader (scripts/eval-grade) replaces this folder with the eval's outcome tests.
