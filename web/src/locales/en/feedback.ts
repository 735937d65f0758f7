export default {
  dialog: {
    title: 'Send Feedback',
    text: 'Tell us what works, what does not, and what you would like to see next.',
    thanks: 'Thank you for your feedback!',
    failed: 'Failed to submit feedback',
    label: 'Your feedback',
    placeholder: "What's on your mind?",
    counter: '{length} / {max}',
    cancel: 'Cancel',
    sending: 'Sending…',
    send: 'Send Feedback',
  },
};
